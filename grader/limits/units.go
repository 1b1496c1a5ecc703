package limits

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Duration is a time.Duration written in configuration as "10s", "1m30s"
// or a bare number of seconds.
type Duration time.Duration

// ParseDuration reads "10s", "1m30s", "250ms" or a number of seconds
// ("10", "0.5").
func ParseDuration(s string) (Duration, error) {
	s = strings.TrimSpace(s)
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return secondsDuration(f, s)
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a duration; expected for example 10s, 1m30s or 500ms", s)
	}
	if d < 0 {
		return 0, fmt.Errorf("%q is negative; expected a duration such as 10s", s)
	}
	return Duration(d), nil
}

func secondsDuration(f float64, text string) (Duration, error) {
	if f < 0 || math.IsNaN(f) || f > float64(math.MaxInt64)/float64(time.Second) {
		return 0, fmt.Errorf("%s is not a usable number of seconds; expected for example 10s", text)
	}
	return Duration(f * float64(time.Second)), nil
}

// Std is the time.Duration.
func (d Duration) Std() time.Duration { return time.Duration(d) }

// String is time.Duration's form, "10s".
func (d Duration) String() string { return time.Duration(d).String() }

// MarshalJSON writes the duration as a string such as "10s".
func (d Duration) MarshalJSON() ([]byte, error) { return json.Marshal(d.String()) }

// UnmarshalJSON reads a string ParseDuration accepts or a number of
// seconds.
func (d *Duration) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		v, err := ParseDuration(s)
		if err != nil {
			return err
		}
		*d = v
		return nil
	}
	var f float64
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("%s is not a duration; expected for example 10s", clip(string(data)))
	}
	v, err := secondsDuration(f, string(data))
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// ByteSize is an amount of memory or output, written in configuration as
// "512MiB", "1GiB", "64KB", "100k" or a bare number of bytes. K, M and G
// are powers of 1024 whether or not the i is written.
type ByteSize int64

var byteUnits = []struct {
	suffix string
	scale  int64
}{
	{"tib", 1 << 40}, {"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10},
	{"tb", 1 << 40}, {"gb", 1 << 30}, {"mb", 1 << 20}, {"kb", 1 << 10},
	{"t", 1 << 40}, {"g", 1 << 30}, {"m", 1 << 20}, {"k", 1 << 10},
	{"b", 1},
}

// ParseByteSize reads a size such as "512MiB", "1G", "64kb" or "1048576".
func ParseByteSize(s string) (ByteSize, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	scale := int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(t, u.suffix) {
			t = strings.TrimSpace(strings.TrimSuffix(t, u.suffix))
			scale = u.scale
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err == nil && f < 0 {
		return 0, fmt.Errorf("%q is negative; expected a size such as 512MiB, 1GiB or 65536", s)
	}
	if err != nil || math.IsNaN(f) || f*float64(scale) > float64(math.MaxInt64/2) {
		return 0, fmt.Errorf("%q is not a size; expected for example 512MiB, 1GiB or 65536", s)
	}
	return ByteSize(f * float64(scale)), nil
}

// String writes the size with the largest binary unit that divides it.
func (b ByteSize) String() string {
	for _, u := range []struct {
		name  string
		scale int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if b != 0 && int64(b)%u.scale == 0 {
			return fmt.Sprintf("%d%s", int64(b)/u.scale, u.name)
		}
	}
	return strconv.FormatInt(int64(b), 10)
}

// MarshalJSON writes the size as a string such as "512MiB".
func (b ByteSize) MarshalJSON() ([]byte, error) { return json.Marshal(b.String()) }

// UnmarshalJSON reads a string ParseByteSize accepts or a number of bytes.
func (b *ByteSize) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		s = string(data)
	}
	v, err := ParseByteSize(s)
	if err != nil {
		return err
	}
	*b = v
	return nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
