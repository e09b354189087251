// Package burstcounter is the replicated BurstCounter of the BurstCounter
// article on ShooterGame's weapon-fire effects: how remote
// clients learn that someone fired when property replication is lossy and
// only the eventual state is guaranteed.
//
// Two encodings of the weapon's replicated BurstCounter property:
//
//   - naive: ShooterGame's int32 BurstCounter, incremented per shot and
//     reset to zero when firing stops. A single shot whose increment and
//     reset fall between two replication frames never reaches a client.
//   - robust: FRepBurstInfo {ShotCounter, bIsFiring}, which never resets,
//     wraps, and NetSerializes to 8 bits (bCompressByte, a 6-bit counter)
//     or 16 bits (a 14-bit counter).
//
// Replica is a remote client's copy of the weapon: OnRep_BurstCounter
// with the previous value, the CreationTime check that suppresses the
// bogus burst of an actor re-entering relevancy, and the optional
// auto-looping timer that hides jitter at the cost of extra effects.
//
// The package knows nothing of links or servers: lagcomp replicates the
// property and feeds what arrives to the Replica.
package burstcounter
