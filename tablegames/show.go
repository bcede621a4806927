package tablegames

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"reflect"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/ashtapada/ashtapada/gametable"
	"github.com/ashtapada/ashtapada/internal/jsonenc"
)

// Column is one column of a table (a field of gametable.Row).
type Column struct {
	// Name is the column's name in the file, as its Parquet tag names it.
	Name  string
	index int
	typ   reflect.Type
}

// Columns lists the columns of a table in their order, as the Parquet
// tags of gametable.Row's fields name them: the schema is read from the
// type that writes it, so that a new column is shown without a change
// here.
func Columns() []Column {
	rt := reflect.TypeOf(gametable.Row{})
	var cols []Column
	for i := range rt.NumField() {
		f := rt.Field(i)
		tag := f.Tag.Get("parquet")
		if tag == "" || tag == "-" || !f.IsExported() {
			continue
		}
		cols = append(cols, Column{Name: strings.Split(tag, ",")[0], index: i, typ: f.Type})
	}
	return cols
}

// ShowOptions say what Show writes of a table.
type ShowOptions struct {
	// Schema lists every column and its type, and counts the rows,
	// instead of showing rows.
	Schema bool
	// Columns are the columns shown of each row, in this order.
	Columns []Column
	// Rows is how many rows are shown at most, from the first; 0 is all.
	Rows int
	// JSONLines writes a JSON object a row, keyed by the columns' names,
	// instead of aligned text, a line a row under a header.
	JSONLines bool
}

// Show writes what the table at path holds to w, for a person or a
// script (the table command): in text, a list is shown with its items
// apart by spaces, a map as key=value, a missing value (null) as nothing,
// and a value's own line breaks and tabs escaped, so that a row is one
// line.
func Show(w io.Writer, path string, o ShowOptions) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	rd, err := gametable.NewReader(f, info.Size())
	if err != nil {
		return fmt.Errorf("reading %s: %w", path, err)
	}
	defer rd.Close()
	out := bufio.NewWriter(w)
	if o.Schema {
		err = writeSchema(out, rd, Columns())
	} else {
		err = writeRows(out, rd, o.Columns, o.Rows, o.JSONLines)
	}
	if ferr := out.Flush(); err == nil && ferr != nil {
		err = fmt.Errorf("writing: %w", ferr)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// writeSchema lists the columns and counts the rows.
func writeSchema(w io.Writer, rd *gametable.Reader, cols []Column) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "COLUMN\tTYPE")
	for _, col := range cols {
		fmt.Fprintf(tw, "%s\t%s\n", col.Name, typeName(col.typ))
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

// writeRows writes up to most rows (0: all) with the columns cols, as
// aligned text or a JSON object a row.
func writeRows(w io.Writer, rd *gametable.Reader, cols []Column, most int, jsonLines bool) error {
	var tw *tabwriter.Writer
	enc := jsonenc.NewEncoder(w)
	if !jsonLines {
		tw = tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
		for i, col := range cols {
			if i > 0 {
				fmt.Fprint(tw, "\t")
			}
			fmt.Fprint(tw, col.Name)
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
				obj[col.Name] = jsonValue(v.Field(col.index))
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
