package worker

import (
	"github.com/ashtapada/ashtapada/rules"
)

// Catalogue is what the page's controls offer: the built-in profiles with
// their settings, and every setting's values (rules list, rules show).
type Catalogue struct {
	Profiles []ProfileInfo `json:"profiles"`
	Settings []SettingInfo `json:"settings"`
}

// ProfileInfo is one built-in profile.
type ProfileInfo struct {
	Name     string            `json:"name"`
	Summary  string            `json:"summary"`
	Settings map[string]string `json:"settings"`
}

// SettingInfo is one setting key and the values it takes.
type SettingInfo struct {
	Key    string   `json:"key"`
	Values []string `json:"values"`
}

// NewCatalogue lists the profiles and settings.
func NewCatalogue() Catalogue {
	var c Catalogue
	for _, p := range rules.Profiles() {
		c.Profiles = append(c.Profiles, ProfileInfo{Name: p.Name, Summary: p.Summary, Settings: p.Settings.Map()})
	}
	for _, k := range rules.SettingKeys() {
		c.Settings = append(c.Settings, SettingInfo{Key: k, Values: rules.SettingValues(k)})
	}
	return c
}
