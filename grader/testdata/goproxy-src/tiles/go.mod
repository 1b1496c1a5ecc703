module example.com/tiles

go 1.21
