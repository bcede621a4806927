package detect

import (
	"slices"
	"testing"

	"github.com/ashtapada/ashtapada/ruleid"
	"github.com/ashtapada/ashtapada/rules"
)

// TestRelatedNamesExist: the first-error search's table names real rule
// ids and real settings (a typo would silently demote a setting).
func TestRelatedNamesExist(t *testing.T) {
	ids := map[string]bool{}
	for _, id := range ruleid.IDs() {
		ids[id] = true
	}
	keys := rules.SettingKeys()
	for id, settings := range related {
		if !ids[id] {
			t.Errorf("related: %q is no rule id", id)
		}
		for _, k := range settings {
			if !slices.Contains(keys, k) {
				t.Errorf("related[%s]: %q is no setting", id, k)
			}
		}
	}
}
