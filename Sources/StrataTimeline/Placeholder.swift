// StrataTimeline
