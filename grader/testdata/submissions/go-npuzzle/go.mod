module npuzzle

go 1.21

require example.com/tiles v1.0.0
