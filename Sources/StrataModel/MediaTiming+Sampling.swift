extension MediaTiming {
    /// The simple duration in seconds (0 means 0.25 s).
    public var effectiveDuration: Double { duration == 0 ? 0.25 : duration }

    /// Where the animation stands at `layerTime` (the layer's local time, seconds),
    /// or nil when it does not apply (not begun without backwards fill, or
    /// finished and removed). See the contract's timing-rules table.
    public func sample(layerTime: Double, removedOnCompletion: Bool) -> TimingSample? {
        fatalError("TODO: timing helper")
    }
}
