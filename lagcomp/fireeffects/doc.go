// Package fireeffects is weapon-fire effects on remote clients as the
// BurstCounter article on ShooterGame's weapon-fire effects describes them,
// in the parts that need nothing of the simulation: the shooter's
// weapon actor on the server and its channel on each connection
// (UE4's lossy property replication of the BurstCounter, relevancy
// opening and closing it), the omniscient log of every shot the server
// fired and every muzzle flash each remote client played, and the
// running fold that keeps each client's record up to date as the log
// grows, so a frame costs the same after 10 shots and after 100 000.
// The counter itself is package burst's; package lagcomp drives the
// weapon, sends its packets and builds the records and the views' lanes.
package fireeffects
