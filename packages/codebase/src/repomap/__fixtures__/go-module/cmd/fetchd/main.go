package main

import (
	"fmt"
	"os"

	"github.com/acme/fetchd/internal/config"
	"github.com/acme/fetchd/internal/server"
)

func main() {
	cfg, err := config.Load(os.Args[1])
	if err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
	fmt.Println(cfg.String())
	srv := server.New(cfg)
	defer srv.Close()
	if err := srv.Serve(); err != nil {
		fmt.Println(err)
	}
}
