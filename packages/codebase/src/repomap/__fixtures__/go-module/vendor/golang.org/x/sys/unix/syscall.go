package unix

const LOCK_EX = 2

func Flock(fd int, how int) error { return nil }

type Handle struct{}

func (h *Handle) Close() error { return nil }
func (h *Handle) String() string { return "" }
