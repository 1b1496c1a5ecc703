//go:build !unix

package puzzles

import "os"

// openFlags open an input file; systems other than Unix (and WebAssembly,
// where the browser checker page runs) have no named pipes to avoid.
const openFlags = os.O_RDONLY

// setBlocking has nothing to undo where openFlags do not block.
func setBlocking(*os.File) error { return nil }
