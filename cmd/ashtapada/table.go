package main

// ashtapada table shows what a Parquet table of games holds (convert --to
// parquet, the Beam pipeline), with no other tool: its columns, its number
// of rows, and the rows' columns a user chooses, as text or JSONL.

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/suggest"
)

// tableDefaultColumns are the columns shown when --columns is not given:
// where the game is, its players and result, and its verdict.
var tableDefaultColumns = []string{"file", "game", "White", "Black", "Date", "Result", "profile", "valid", "plies", "errors", "warnings"}

func init() {
	register(&cli.Command{
		Name:      "table",
		Usage:     "show what a Parquet table of games holds: its columns, its rows",
		ArgsUsage: "FILE.parquet",
		Description: "Shows the rows of a table convert --to parquet or the Beam pipeline wrote, a line each, " +
			"with the columns --columns names (default: " + strings.Join(tableDefaultColumns, ", ") + "); " +
			"--schema lists every column instead. Lists are shown with their items apart by spaces, maps " +
			"as key=value, a missing value (null) as nothing. See docs/parquet.md.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "columns", Usage: "the columns shown, `NAMES` apart by commas (table --schema lists them), or all"},
			&cli.IntFlag{Name: "rows", Value: 20, Usage: "show at most `N` rows (0: every row)"},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text (aligned columns) or jsonl (an object per row)"},
			&cli.BoolFlag{Name: "schema", Usage: "list the columns and their types, and count the rows"},
		},
		Action: tableAction,
	})
}

// tableColumn is one column of gametable.Row: its name and field.
type tableColumn struct {
	name  string
	index int
	typ   reflect.Type
}

// tableColumns lists the columns of gametable.Row in their order, as the
// Parquet tags of its fields name them.
func tableColumns() []tableColumn {
	rt := reflect.TypeOf(gametable.Row{})
	var cols []tableColumn
	for i := range rt.NumField() {
		f := rt.Field(i)
		tag := f.Tag.Get("parquet")
		if tag == "" || tag == "-" || !f.IsExported() {
			continue
		}
		cols = append(cols, tableColumn{name: strings.Split(tag, ",")[0], index: i, typ: f.Type})
	}
	return cols
}

func tableAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return toolError(fmt.Errorf("table takes one FILE.parquet, got %d", c.NArg()))
	}
	path := c.Args().First()
	format := c.String("format")
	if format != "text" && format != "jsonl" {
		return toolError(fmt.Errorf("--format %q: want text or jsonl", format))
	}
	if c.Int("rows") < 0 {
		return toolError(fmt.Errorf("--rows %d: want 0 (every row) or more", c.Int("rows")))
	}
	all := tableColumns()
	names := make([]string, len(all))
	for i, col := range all {
		names[i] = col.name
	}
	var cols []tableColumn
	switch want := c.String("columns"); want {
	case "":
		for _, name := range tableDefaultColumns {
			cols = append(cols, all[slices.Index(names, name)])
		}
	case "all":
		cols = all
	default:
		for _, name := range strings.Split(want, ",") {
			name = strings.TrimSpace(name)
			i := slices.Index(names, name)
			if i < 0 {
				return toolError(fmt.Errorf("--columns: no column %q%s (table --schema lists them)", name, suggest.Phrase(name, names)))
			}
			cols = append(cols, all[i])
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return toolError(fmt.Errorf("reading %s: %w", path, err))
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return toolError(fmt.Errorf("reading %s: %w", path, err))
	}
	rd, err := gametable.NewReader(f, info.Size())
	if err != nil {
		return toolError(fmt.Errorf("reading %s: %w", path, err))
	}
	defer rd.Close()
	out := bufio.NewWriter(c.App.Writer)
	if c.Bool("schema") {
		err = writeTableSchema(out, rd, all)
	} else {
		err = writeTableRows(out, rd, cols, c.Int("rows"), format)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing: %w", ferr)
	}
	if err != nil {
		return toolError(fmt.Errorf("%s: %w", path, err))
	}
	return nil
}

// writeTableSchema lists the columns and counts the rows.
func writeTableSchema(w io.Writer, rd *gametable.Reader, cols []tableColumn) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "COLUMN\tTYPE")
	for _, col := range cols {
		fmt.Fprintf(tw, "%s\t%s\n", col.name, typeName(col.typ))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	rows := 0
	for {
		if _, err := rd.Next(); err == io.EOF {
			break
		} else if err != nil {
			return err
		}
		rows++
	}
	_, err := fmt.Fprintf(w, "%d rows\n", rows)
	return err
}

// typeName says a column's type in the words of docs/parquet.md.
func typeName(t reflect.Type) string {
	switch {
	case t == reflect.TypeOf([]gametable.KV(nil)):
		return "map of text to text"
	case t == reflect.TypeOf([]gametable.Finding(nil)):
		return "list of findings"
	case t.Kind() == reflect.Pointer:
		return typeName(t.Elem()) + " (or null)"
	case t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Uint8:
		return "bytes (or null)"
	case t.Kind() == reflect.Slice:
		return "list of " + typeName(t.Elem())
	case t.Kind() == reflect.String:
		return "text"
	case t.Kind() == reflect.Bool:
		return "boolean"
	case t.Kind() == reflect.Int64:
		return "integer"
	}
	return t.String()
}

// writeTableRows writes up to most rows (0: all) with the columns cols.
func writeTableRows(w io.Writer, rd *gametable.Reader, cols []tableColumn, most int, format string) error {
	var tw *tabwriter.Writer
	enc := json.NewEncoder(w)
	if format == "text" {
		tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
		for i, col := range cols {
			if i > 0 {
				fmt.Fprint(tw, "\t")
			}
			fmt.Fprint(tw, col.name)
		}
		fmt.Fprintln(tw)
	}
	for n := 0; most == 0 || n < most; n++ {
		row, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		v := reflect.ValueOf(row).Elem()
		if tw == nil {
			obj := make(map[string]any, len(cols))
			for _, col := range cols {
				obj[col.name] = jsonValue(v.Field(col.index))
			}
			if err := enc.Encode(obj); err != nil {
				return err
			}
			continue
		}
		for i, col := range cols {
			if i > 0 {
				fmt.Fprint(tw, "\t")
			}
			// One line a row: a value's own line breaks and tabs are
			// shown escaped.
			fmt.Fprint(tw, strings.NewReplacer("\n", `\n`, "\t", `\t`, "\r", `\r`).Replace(textValue(v.Field(col.index))))
		}
		fmt.Fprintln(tw)
	}
	if tw != nil {
		return tw.Flush()
	}
	return nil
}

// textValue is a column's value as text.
func textValue(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return ""
		}
		return textValue(v.Elem())
	case reflect.String:
		return v.String()
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Slice:
		if v.Type().Elem().Kind() == reflect.Uint8 {
			return string(v.Bytes())
		}
		parts := make([]string, v.Len())
		for i := range parts {
			e := v.Index(i)
			switch x := e.Interface().(type) {
			case gametable.KV:
				parts[i] = x.Key + "=" + x.Value
			case gametable.Finding:
				parts[i] = x.Rule
			default:
				parts[i] = textValue(e)
			}
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprint(v.Interface())
}

// jsonValue is a column's value for JSON: maps as objects, bytes as text.
func jsonValue(v reflect.Value) any {
	switch x := v.Interface().(type) {
	case []gametable.KV:
		m := make(map[string]string, len(x))
		for _, kv := range x {
			m[kv.Key] = kv.Value
		}
		return m
	case []byte:
		if x == nil {
			return nil
		}
		return string(x)
	case []gametable.Finding:
		// Each finding's fields by their column names, as DuckDB shows
		// them.
		out := make([]map[string]any, len(x))
		for i := range x {
			fv := reflect.ValueOf(x[i])
			out[i] = map[string]any{}
			for j := range fv.NumField() {
				name := strings.Split(fv.Type().Field(j).Tag.Get("parquet"), ",")[0]
				out[i][name] = fv.Field(j).Interface()
			}
		}
		return out
	}
	return v.Interface()
}
