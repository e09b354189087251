package records

import (
	"math"

	"lagscope/lagcomp"
	"lagscope/lagcomp/burstcounter"
)

// BurstJSON is a burst record as `lagscope sim --json` prints it.
type BurstJSON struct {
	Type               string                `json:"type"`
	Client             string                `json:"client"`
	Encoding           burstcounter.Encoding `json:"encoding"`
	ShotsFired         int                   `json:"shots_fired"`
	EffectsPlayed      int                   `json:"effects_played"`
	SingleShotsMissed  int                   `json:"single_shots_missed"`
	BurstsMissed       int                   `json:"bursts_missed"`
	ExtraEffects       int                   `json:"extra_effects"`
	BogusBursts        int                   `json:"bogus_bursts"`
	BitsPerSecond      float64               `json:"bits_per_second"`
	ShotsWithoutEffect int                   `json:"shots_without_effect"`
	ShotsCulled        int                   `json:"shots_culled"`
	ShotsPending       int                   `json:"shots_pending"`
	Updates            int64                 `json:"updates"`
	UpdatesLost        int64                 `json:"updates_lost"`
	Resends            int64                 `json:"resends"`
	UpdatesStale       int                   `json:"updates_stale"`
	MergedShots        int                   `json:"merged_shots"`
	EffectGapSDMs      *float64              `json:"effect_gap_sd_ms"`
	NaiveLossFreeBPS   float64               `json:"naive_loss_free_bits_per_second"`
	RobustLossFreeBPS  float64               `json:"robust_loss_free_bits_per_second"`
	Rules              []lagcomp.Rule        `json:"rules"`
}

// Burst is a burst record in its output form.
func Burst(r *lagcomp.BurstRecord) BurstJSON {
	rules := r.Rules
	if rules == nil {
		rules = []lagcomp.Rule{}
	}
	var gap *float64
	if !math.IsNaN(r.EffectGapSDMs) {
		g := round6(r.EffectGapSDMs)
		gap = &g
	}
	return BurstJSON{EffectGapSDMs: gap,
		Type: "burst", Client: r.Name, Encoding: r.Encoding, ShotsFired: r.ShotsFired, EffectsPlayed: r.EffectsPlayed,
		SingleShotsMissed: r.SingleShotsMissed, BurstsMissed: r.BurstsMissed, ExtraEffects: r.ExtraEffects,
		BogusBursts: r.BogusBursts, BitsPerSecond: round6(r.BitsPerSecond), ShotsWithoutEffect: r.ShotsWithoutEffect,
		ShotsCulled: r.ShotsCulled, ShotsPending: r.ShotsPending, Updates: r.Updates, UpdatesLost: r.UpdatesLost,
		Resends: r.Resends, UpdatesStale: r.UpdatesStale, MergedShots: r.MergedShots, NaiveLossFreeBPS: round6(r.LossFreeBitsPerSecond[0]), RobustLossFreeBPS: round6(r.LossFreeBitsPerSecond[1]),
		Rules: rules,
	}
}
