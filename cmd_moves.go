package main

import (
	"context"
)

func runMoves(ctx context.Context, args []string, io stdio) int   { return 0 }
func runReplay(ctx context.Context, args []string, io stdio) int  { return 0 }
func runConvert(ctx context.Context, args []string, io stdio) int { return 0 }
