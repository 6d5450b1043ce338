package store

import "fmt"

const MaxItems = 100

type Store struct {
	items map[string]Item
}

type Getter interface {
	Get(key string) Item
}

func (s *Store) Get(key string) Item {
	return s.items[key]
}

func NewStore() *Store {
	fmt.Println("new store")
	return &Store{}
}
