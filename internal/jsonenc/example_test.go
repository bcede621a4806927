package jsonenc_test

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/ashtapada/ashtapada/internal/jsonenc"
)

func Example() {
	comment := map[string]string{"comment": "<good> & bold"}
	std, _ := json.Marshal(comment)
	ours, _ := jsonenc.Marshal(comment)
	fmt.Println(string(std))
	fmt.Println(string(ours))
	jsonenc.NewEncoder(os.Stdout).Encode(comment)
	// Output:
	// {"comment":"\u003cgood\u003e \u0026 bold"}
	// {"comment":"<good> & bold"}
	// {"comment":"<good> & bold"}
}
