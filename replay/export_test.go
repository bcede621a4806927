package replay

// CorpusFiles lets the external tests list the bundled corpus as the
// internal ones do.
var CorpusFiles = corpusFiles
