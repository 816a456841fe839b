import AtriumDomain
import AtriumStore

/// Sends one push to one device over its platform's service and says what the answer means.
/// A service that cannot be reached is a `.retry`.
protocol PushDelivery: Sendable {
  func deliver(_ message: PushMessage, to device: SettingsStore.Device) -> PushResponse
}
