package main

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"
)

// The messages in this file put errors of the libraries the command line
// is built on (pflag, viper, strconv, time, the YAML decoder) in
// kpuzzle's words: the file or flag, the line, what was expected. Their
// own text ("strconv.ParseInt: parsing ...", "While parsing config: yaml:
// ...") never reaches the user.

// flagExpected says what a value of one of pflag's own flag types must
// be, "" for kpuzzle's own flag types (which say it themselves).
func flagExpected(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
		return "a whole number such as 4"
	case "float32", "float64":
		return "a number such as 0.5"
	case "bool":
		return "true or false"
	case "duration":
		return "a duration such as 10s, 500ms or 1m30s"
	case "intSlice", "int32Slice", "int64Slice", "uintSlice":
		return "whole numbers separated by commas"
	}
	return ""
}

// flagValueMessage is what is wrong with val for flag f: what a value of
// the flag's type must be, or the flag's own message.
func flagValueMessage(f *pflag.Flag, val string, err error) string {
	if want := flagExpected(f); want != "" {
		return fmt.Sprintf("%q: expected %s", clipValue(val), want)
	}
	return err.Error()
}

func clipValue(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// flagError rewrites pflag's errors for a flag typed on the command line.
func flagError(err error) string {
	var ive *pflag.InvalidValueError
	if errors.As(err, &ive) {
		return fmt.Sprintf("--%s %s", ive.GetFlag().Name, flagValueMessage(ive.GetFlag(), ive.GetValue(), errors.Unwrap(ive)))
	}
	return err.Error()
}

// yamlLine finds "line N: message" in a YAML decoder's error.
var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// configFileError says why the configuration file name could not be
// read, in kpuzzle's words.
func configFileError(name string, err error) error {
	var parse viper.ConfigParseError
	if errors.As(err, &parse) {
		inner := err
		if u := errors.Unwrap(parse); u != nil {
			inner = u
		}
		msg := strings.TrimSpace(inner.Error())
		first, _, _ := strings.Cut(msg, "\n")
		if m := yamlLine.FindStringSubmatch(msg); m != nil {
			line, _ := strconv.Atoi(m[1])
			what := strings.TrimPrefix(strings.TrimSpace(m[2]), "yaml: ")
			return usageErrorf("%s:%d: syntax error: %s; expected YAML keys and values (key: value, one per line)", name, line, what)
		}
		first = strings.TrimPrefix(strings.TrimPrefix(first, "yaml: "), "unmarshal errors:")
		return usageErrorf("%s: syntax error: %s; expected YAML keys and values (key: value, one per line)", name, strings.TrimSpace(first))
	}
	var unsupported viper.UnsupportedConfigError
	if errors.As(err, &unsupported) {
		return usageErrorf("%s: not a configuration file kpuzzle reads; expected a .yaml, .yml or .json file", name)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return usageErrorf("%s: cannot read the configuration file: %v", name, pe.Err)
	}
	return usageErrorf("%s: %v", name, err)
}
