package logx

import "io"

// Println writes a line to w; fetchd's own logger, not fmt's.
func Println(w io.Writer, line string) {
	_, _ = io.WriteString(w, line+"\n")
}
