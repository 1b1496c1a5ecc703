//go:build js && wasm

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"syscall/js"

	"github.com/kpuzzle/kpuzzle/grader/webcheck"
)

func main() {
	var checker *webcheck.Checker
	configure := js.FuncOf(func(_ js.Value, args []js.Value) any {
		var cfg webcheck.Config
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return "kpuzzleConfigure: expected one string"
		}
		if err := json.Unmarshal([]byte(args[0].String()), &cfg); err != nil {
			return "page configuration: " + err.Error()
		}
		c, err := webcheck.New(cfg)
		if err != nil {
			return err.Error()
		}
		checker = c
		return ""
	})
	check := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeFunction {
			return "kpuzzleCheck: expected a string and a function"
		}
		text, done := args[0].String(), args[1]
		go func() {
			done.Invoke(runCheck(checker, text))
		}()
		return ""
	})
	fragment := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return `{"error":"kpuzzleFragment: expected one string"}`
		}
		f, err := webcheck.ParseFragment(args[0].String())
		if err != nil {
			return marshal(map[string]string{"error": err.Error()})
		}
		return marshal(map[string]any{"request": f.Request()})
	})
	js.Global().Set("kpuzzleConfigure", configure)
	js.Global().Set("kpuzzleCheck", check)
	js.Global().Set("kpuzzleFragment", fragment)
	select {}
}

// runCheck runs one check and returns the response's JSON.
func runCheck(c *webcheck.Checker, text string) string {
	if c == nil {
		return marshal(webcheck.Response{Error: "the checker is not configured"})
	}
	var req webcheck.Request
	if err := json.Unmarshal([]byte(text), &req); err != nil {
		return marshal(webcheck.Response{Error: "request: " + err.Error()})
	}
	resp, err := c.Check(context.Background(), req)
	if err != nil {
		resp = webcheck.Response{Error: err.Error()}
	}
	return marshal(resp)
}

func marshal(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf(`{"error":%q}`, err.Error())
	}
	return string(b)
}
