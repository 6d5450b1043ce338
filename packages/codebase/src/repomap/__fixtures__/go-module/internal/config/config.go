package config

import (
	"encoding/json"
	"os"

	"github.com/acme/fetchd/internal/level"
)

// Config is what fetchd reads at start-up.
type Config struct {
	Addr     string
	CacheDir string
	Level    level.Level
}

// Load reads a JSON configuration file.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cfg Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, err
	}
	return &cfg, nil
}

func (c *Config) String() string {
	return c.Addr + " " + c.CacheDir + " " + c.Level.String()
}
