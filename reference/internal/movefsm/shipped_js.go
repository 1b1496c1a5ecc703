//go:build js

package movefsm

// fsm5x5 is left out of the browser checker's module, which never
// searches a 5x5 board with a pattern database; For builds it if needed.
var fsm5x5 []byte
