// Package ping is the latency-tracking document's technique: bounce
// messages at PingUpdateInterval, a smoothed ExactPing, the ping
// compressed to a byte for replication (ms/4, 255 on overflow), and
// GetPredictionTime = clamp(ping, 0, MaxPredictionPing) x
// PredictionCorrectionFactor.
package ping
