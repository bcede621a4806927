//go:build js && wasm

// Command wasm is the page's WebAssembly module: the thin syscall/js layer
// over package worker, run in the page's Web Worker (web/static/worker.js).
// It sets three functions on the worker's global object, each taking and
// returning JSON text, and calls ashtapadaReady when they are there:
//
//	ashtapadaCatalogue() -> worker.Catalogue
//	ashtapadaRun(options, name, bytes, emit) -> {"games": n} or {"error": "..."};
//	    emit(batch) is called with each worker.Batch as the games are judged
//	ashtapadaView(index) -> worker.View or {"error": "..."}
package main

import (
	"bytes"
	"encoding/json"
	"syscall/js"

	"github.com/ashtapada/ashtapada/web/worker"
)

// batchGames is how many games one message to the page carries: small
// enough for a smooth progress bar, large enough that messages cost
// little beside the judging.
const batchGames = 64

func main() {
	var checker *worker.Checker
	global := js.Global()
	global.Set("ashtapadaCatalogue", js.FuncOf(func(js.Value, []js.Value) any {
		return encode(worker.NewCatalogue())
	}))
	global.Set("ashtapadaRun", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 4 {
			return failure("ashtapadaRun takes options, name, bytes, emit")
		}
		var opts worker.Options
		if err := json.Unmarshal([]byte(args[0].String()), &opts); err != nil {
			return failure("options: " + err.Error())
		}
		c, err := worker.NewChecker(opts)
		if err != nil {
			return failure(err.Error())
		}
		checker = c
		data := make([]byte, args[2].Get("length").Int())
		js.CopyBytesToGo(data, args[2])
		emit := args[3]
		n, err := c.Run(bytes.NewReader(data), args[1].String(), batchGames, func(b worker.Batch) bool {
			emit.Invoke(encode(b))
			return true
		})
		if err != nil {
			return failure(err.Error())
		}
		return encode(map[string]int{"games": n})
	}))
	global.Set("ashtapadaView", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if checker == nil || len(args) != 1 {
			return failure("nothing checked yet")
		}
		v, err := checker.View(args[0].Int())
		if err != nil {
			return failure(err.Error())
		}
		return encode(v)
	}))
	if ready := global.Get("ashtapadaReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // the functions above serve the worker's messages
}

// encode is v as JSON text for the worker's script.
func encode(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return failure("encoding: " + err.Error())
	}
	return string(b)
}

// failure is an error as JSON text.
func failure(msg string) string {
	b, _ := json.Marshal(map[string]string{"error": msg})
	return string(b)
}
