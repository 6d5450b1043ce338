package cache

import (
	"os"
	"path/filepath"
	"sync"
)

// Cache keeps fetched bodies on disk and in memory.
type Cache struct {
	mu      sync.Mutex
	dir     string
	entries map[string][]byte
}

// Open opens the cache kept in dir.
func Open(dir string) *Cache {
	return &Cache{dir: dir, entries: map[string][]byte{}}
}

func (c *Cache) Get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if body, ok := c.entries[key]; ok {
		return body, true
	}
	body, err := os.ReadFile(filepath.Join(c.dir, key))
	return body, err == nil
}

func (c *Cache) Len() int {
	return len(c.entries)
}

func (c *Cache) Close() error {
	c.entries = nil
	return nil
}

func (c *Cache) String() string {
	return c.dir
}
