package lagcomp

import (
	"lagscope/lagcomp/stream"
	"lagscope/model"
)

// A bot's reaction: the time from the first frame its screen shows the
// other player in sight, its weapon ready, to its trigger pull. Riot's
// 10 ms swing ("Peeking into VALORANT's Netcode") is of evenly matched
// players: the same reaction, give or take its spread, where the
// peeker's advantage tips who wins. reaction_ms (the shooter's, in a
// duel the holder's) and victim_reaction_ms (the duel's target's) set
// it; reaction_spread_ms adds a draw uniform in [0, spread) to each, once
// per run from each bot's own stream (a duel is one exposure). 0 and 0,
// the default, fire at that frame, as every bot did before.

// reaction is a bot's reaction: ms plus its draw of the spread.
func (c *Config) reaction(ms float64, id uint64) model.Time {
	r := model.MsF(ms)
	if spread := model.MsF(c.ReactionSpreadMs); spread > 0 {
		r += model.Time(stream.Draw(c.Seed, id, int64(spread)))
	}
	return r
}

// reacting is whether the bot, its ready weapon's target in sight at t,
// is still reacting: its reaction has not passed since the first frame
// of this sighting (seeing is cleared whenever the target leaves its
// sight).
func (c *Client) reacting(t model.Time) bool {
	if c.reaction == 0 {
		return false
	}
	if !c.seeing {
		c.seeing, c.seenAt = true, t
	}
	return t < c.seenAt+c.reaction
}
