package records

import (
	"math"

	"lagscope/lagcomp"
)

// ProjectileJSON is a projectile as `lagscope sim --json` prints it.
type ProjectileJSON struct {
	Type             string              `json:"type"`
	ID               string              `json:"id"`
	Seq              uint32              `json:"seq"`
	Weapon           lagcomp.WeaponKind  `json:"weapon"`
	Predicted        bool                `json:"predicted"`
	FireMs           float64             `json:"fire_ms"`
	ServerSpawnMs    *float64            `json:"server_spawn_ms"`
	ForwardPredMs    float64             `json:"forward_prediction_ms"`
	FakeSpawnDelayMs float64             `json:"fake_spawn_delay_ms"`
	SpawnOffsetM     float64             `json:"spawn_offset_m"`
	SpawnOffsetMs    float64             `json:"spawn_offset_ms"`
	CatchupM         float64             `json:"catchup_m"`
	MaxDivergenceM   float64             `json:"max_divergence_m"`
	FakeDetonation   *XYJSON             `json:"fake_detonation"`
	AuthDetonation   *XYJSON             `json:"auth_detonation"`
	DetonationDistM  *float64            `json:"detonation_distance_m"`
	Rule             lagcomp.Reconcile   `json:"rule"`
	Rules            []lagcomp.Reconcile `json:"rules"`
	Effects          *XYJSON             `json:"effects_at"` // null: the owner saw no effects
	EffectsFromFake  bool                `json:"effects_from_fake"`
	ServerHits       []int               `json:"server_hits"`
	RemoteJumpM      float64             `json:"remote_jump_m"`
	RemoteDetDelayMs float64             `json:"remote_detonation_delay_ms"`
	RemoteDet        *XYJSON             `json:"remote_detonation"`
	RemoteDetDistM   *float64            `json:"remote_detonation_distance_m"`
	Done             bool                `json:"done"`
	ArrivalDelayMs   float64             `json:"arrival_delay_ms"`
	Resends          int                 `json:"resends"`
	ArrivalRule      lagcomp.Rule        `json:"arrival_rule,omitempty"`
	DuplicatesRej    int                 `json:"duplicates_rejected"`
	MessagesGivenUp  int                 `json:"messages_given_up"`
	Outcome          string              `json:"outcome"`
	ServerRules      []lagcomp.Rule      `json:"server_rules"`
	// the health its detonation took from the pawns it hit (health > 0;
	// left out otherwise, so a run without health prints what it did)
	Damage *int `json:"damage,omitempty"`
}

// Projectile is a projectile record in its output form.
func Projectile(r *lagcomp.ProjectileRecord) ProjectileJSON {
	j := ProjectileJSON{Type: "projectile", ID: r.ID.String(), Seq: r.Seq, Weapon: r.Weapon, Predicted: r.Predicted,
		FireMs: r.Fire.Millis(), ForwardPredMs: r.Forward.Millis(), FakeSpawnDelayMs: r.FakeDelay.Millis(),
		SpawnOffsetM: round6(r.LinkOffsetM), SpawnOffsetMs: round6(r.LinkOffsetMs), CatchupM: round6(r.CatchupM),
		MaxDivergenceM: round6(r.MaxDivergenceM), Rule: r.Rule, Rules: r.Rules, EffectsFromFake: r.FXFake,
		ArrivalDelayMs: r.ArrivalDelay.Millis(), Resends: r.Resends, ArrivalRule: r.ArrivalRule, DuplicatesRej: r.DuplicatesRejected, MessagesGivenUp: r.MessagesGivenUp,
		ServerHits: r.Hits, RemoteJumpM: round6(r.RemoteJumpM), RemoteDetDelayMs: r.RemoteDelay.Millis(), Done: r.Done}
	if j.Rules == nil {
		j.Rules = []lagcomp.Reconcile{}
	}
	j.Outcome, j.ServerRules = string(r.Outcome), r.ServerRules
	if j.ServerRules == nil {
		j.ServerRules = []lagcomp.Rule{}
	}
	if j.ServerHits == nil {
		j.ServerHits = []int{}
	}
	if r.HasFX {
		fx := xy(r.FX)
		j.Effects = &fx
	}
	if r.HasDamage {
		j.Damage = ptr(r.Damage)
	}
	if r.Spawned {
		ms := r.SpawnT.Millis()
		j.ServerSpawnMs = &ms
	}
	if r.FakeDet != nil {
		v := xy(*r.FakeDet)
		j.FakeDetonation = &v
	}
	if r.AuthDet != nil {
		v := xy(*r.AuthDet)
		j.AuthDetonation = &v
	}
	if !math.IsNaN(r.DetonationDistM) {
		d := round6(r.DetonationDistM)
		j.DetonationDistM = &d
	}
	if r.RemoteDet != nil {
		v := xy(*r.RemoteDet)
		j.RemoteDet = &v
	}
	if !math.IsNaN(r.RemoteDetDistM) {
		d := round6(r.RemoteDetDistM)
		j.RemoteDetDistM = &d
	}
	return j
}
