import Reel

/// A list is driven by ``TerminalInputRouter`` directly: its motion API is the protocol.
extension VirtualList: TerminalScrollTarget {}
