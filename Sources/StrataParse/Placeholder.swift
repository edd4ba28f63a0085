// StrataParse
