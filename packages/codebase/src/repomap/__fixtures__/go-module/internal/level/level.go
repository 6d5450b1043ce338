package level

// Level is a log level.
type Level int

const (
	Debug Level = iota
	Info
)

func (l Level) String() string {
	if l == Debug {
		return "debug"
	}
	return "info"
}
