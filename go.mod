module github.com/sushigo/sushigo

go 1.26
