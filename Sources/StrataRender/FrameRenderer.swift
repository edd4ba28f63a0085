/// Transitional: the retained renderer replaces this in the next step.
public typealias FrameRenderer = DirectRenderer
