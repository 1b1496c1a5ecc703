//go:build js && wasm

package main

import (
	"context"
	"syscall/js"

	"github.com/kpuzzle/kpuzzle/grader/webcheck"
)

func main() {
	var checker *webcheck.Checker
	configure := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeObject {
			return "kpuzzleConfigure: expected one object"
		}
		c, err := webcheck.New(config(args[0]))
		if err != nil {
			return err.Error()
		}
		checker = c
		return ""
	})
	check := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeObject || args[1].Type() != js.TypeFunction {
			return "kpuzzleCheck: expected an object and a function"
		}
		req, done := request(args[0]), args[1]
		go func() {
			done.Invoke(runCheck(checker, req))
		}()
		return ""
	})
	fragment := js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return map[string]any{"error": "kpuzzleFragment: expected one string"}
		}
		f, err := webcheck.ParseFragment(args[0].String())
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		r := f.Request()
		return map[string]any{"request": map[string]any{"puzzle": r.Puzzle, "answer": r.Answer, "moves": r.Convention, "goal": r.Goal}}
	})
	js.Global().Set("kpuzzleConfigure", configure)
	js.Global().Set("kpuzzleCheck", check)
	js.Global().Set("kpuzzleFragment", fragment)
	select {}
}

// runCheck runs one check and returns the response as a JavaScript
// object.
func runCheck(c *webcheck.Checker, req webcheck.Request) any {
	if c == nil {
		return map[string]any{"error": "the checker is not configured"}
	}
	resp, err := c.Check(context.Background(), req)
	if err != nil {
		return map[string]any{"error": err.Error()}
	}
	return response(resp)
}

// The page's objects are read and written field by field, by the names
// of webcheck's JSON tags, rather than through encoding/json, whose
// reflection would be a sixth of the module.

// config reads the page's configuration (webcheck.Config).
func config(v js.Value) webcheck.Config {
	c := webcheck.Config{
		Title:         str(v, "title"),
		Convention:    str(v, "moves"),
		Goal:          str(v, "goal"),
		BudgetSeconds: num(v, "budget_seconds"),
		SetName:       str(v, "set_name"),
	}
	if set := v.Get("set"); set.Type() == js.TypeObject {
		for i := range set.Length() {
			p := set.Index(i)
			c.Set = append(c.Set, webcheck.Puzzle{
				Name: str(p, "name"), Cells: str(p, "cells"), Shape: str(p, "shape"),
				Goal: str(p, "goal"), Text: str(p, "text"), Optimal: num(p, "optimal"),
			})
		}
	}
	return c
}

// request reads a check's request (webcheck.Request).
func request(v js.Value) webcheck.Request {
	cancelled := v.Get("cancelled")
	return webcheck.Request{
		Puzzle: str(v, "puzzle"), Answer: str(v, "answer"), Convention: str(v, "moves"), Goal: str(v, "goal"),
		Stage:     webcheck.Stage(str(v, "stage")),
		Cancelled: cancelled.Type() == js.TypeBoolean && cancelled.Bool(),
	}
}

// response writes a check's response (webcheck.Response) as the page
// reads it; the report, which only Go callers read, is left out.
func response(r webcheck.Response) map[string]any {
	out := map[string]any{}
	for key, s := range map[string]string{
		"error": r.Error, "verdict": r.Verdict, "tone": r.Tone, "summary": r.Summary, "heading": r.Heading,
		"replay": r.Replay, "fragment": r.Fragment, "set_puzzle": r.SetPuzzle,
	} {
		if s != "" {
			out[key] = s
		}
	}
	if len(r.Details) > 0 {
		details := make([]any, len(r.Details))
		for i, d := range r.Details {
			details[i] = d
		}
		out["details"] = details
	}
	if r.Proving {
		out["proving"] = true
	}
	return out
}

// str is v's string property key, "" when it is not a string.
func str(v js.Value, key string) string {
	if p := v.Get(key); p.Type() == js.TypeString {
		return p.String()
	}
	return ""
}

// num is v's number property key, 0 when it is not a number.
func num(v js.Value, key string) int {
	if p := v.Get(key); p.Type() == js.TypeNumber {
		return p.Int()
	}
	return 0
}
