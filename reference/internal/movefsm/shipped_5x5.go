//go:build !js

package movefsm

import _ "embed"

// The machine of the 24-puzzle's pattern-database searches.
//
//go:embed data/5x5-14.fsm
var fsm5x5 []byte
