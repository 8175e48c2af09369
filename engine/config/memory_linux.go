package config

import "os"

// machineMemory is the machine's memory in bytes, 0 when unknown.
func machineMemory() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	return parseMeminfo(f)
}
