package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// PageData is the JSON a rendered page carries, exposed to the black-box
// tests.
type PageData = pageData

// ReadData finds and decodes the data block of a rendered page.
func ReadData(page []byte) (PageData, error) {
	open := []byte(`<script type="application/json" id="` + DataElementID + `">`)
	i := bytes.Index(page, open)
	if i < 0 {
		return PageData{}, fmt.Errorf("no data block")
	}
	rest := page[i+len(open):]
	j := bytes.Index(rest, []byte("</script>"))
	if j < 0 {
		return PageData{}, fmt.Errorf("data block not closed")
	}
	// A browser does not decode entities inside <script>, so neither
	// does this.
	var d PageData
	if err := json.Unmarshal(rest[:j], &d); err != nil {
		return PageData{}, fmt.Errorf("data block: %w", err)
	}
	return d, nil
}
