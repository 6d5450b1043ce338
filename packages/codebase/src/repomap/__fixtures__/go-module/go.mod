module github.com/acme/fetchd

go 1.22

require golang.org/x/sys v0.20.0
