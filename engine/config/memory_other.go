//go:build !linux

package config

// machineMemory is the machine's memory in bytes, 0 when unknown. Only
// Linux says it without a system library; elsewhere MemoryLimitMB assumes
// fallbackMemory.
func machineMemory() int64 { return 0 }
