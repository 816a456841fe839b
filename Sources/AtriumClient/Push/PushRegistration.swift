import AtriumAPI
import Foundation
import Synchronization

/// The app's device on the server, for push: registers the token the system gave the app (and
/// refreshes it each launch, as the system may hand out a new one), removes it before signing
/// out so the next person using the phone gets nothing of the last one's, and resets the icon's
/// badge when the app comes back to the foreground.
///
/// On iOS: call `register(deviceToken:name:)` from
/// `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`, `badgeReset()` from
/// `sceneWillEnterForeground(_:)`, and `signOut()` instead of `ClientSession.signOut()`.
public actor PushRegistration {
  /// The push services an app registers with.
  public enum Platform: String, Sendable {
    case apns, fcm
  }

  private let session: ClientSession
  private let platform: Platform
  private let store: any DeviceRegistrationStore

  public init(session: ClientSession, platform: Platform = .apns, store: any DeviceRegistrationStore) {
    self.session = session
    self.platform = platform
    self.store = store
  }

  /// The device the server knows, as last registered from this app; nil before.
  public nonisolated var registered: RegisteredDevice? { store.load() }

  /// Registers APNs's device token (bytes, sent as hexadecimal, as APNs gives them).
  @discardableResult
  public func register(deviceToken: Data, name: String) async throws(APIError) -> DeviceBody {
    try await register(token: deviceToken.map { String(format: "%02x", $0) }.joined(), name: name)
  }

  /// Registers a token as text (FCM's registration token); the same token again refreshes it.
  @discardableResult
  public func register(token: String, name: String) async throws(APIError) -> DeviceBody {
    let platform = platform.rawValue
    let device = try await session.call {
      try await $0.registerDevice(NewDevice(platform: platform, token: token, name: name))
    }
    // A new token replaces the old one: the old one is removed on the server too.
    if let old = store.load(), old.id != device.id {
      _ = try? await session.call { try await $0.deleteDevice(id: old.id) }
    }
    store.save(RegisteredDevice(id: device.id, token: token))
    return device
  }

  /// Removes the device from the server (nothing more is pushed to it), then signs out. When
  /// the server cannot be reached the device stays registered there; the person can remove
  /// it in Settings, and signing out everywhere removes it.
  public func signOut() async {
    if let device = store.load() {
      _ = try? await session.call { try await $0.deleteDevice(id: device.id) }
      store.save(nil)
    }
    await session.signOut()
  }

  /// The app icon's number starts again from zero on the server, so the next push's badge
  /// counts only what came after. Returns the badge to show now.
  @discardableResult
  public func badgeReset() async throws(APIError) -> Badge {
    try await session.call { try await $0.resetBadge() }
  }
}

/// A device as registered from this app: the server's id for it and the token it holds.
public struct RegisteredDevice: Codable, Hashable, Sendable {
  public let id: String
  public let token: String

  public init(id: String, token: String) {
    self.id = id
    self.token = token
  }
}

/// Where the app keeps its registered device between launches.
public protocol DeviceRegistrationStore: Sendable {
  func load() -> RegisteredDevice?
  func save(_ device: RegisteredDevice?)
}

/// In memory only (tests, previews).
public final class MemoryDeviceRegistrationStore: DeviceRegistrationStore {
  private let device = Mutex<RegisteredDevice?>(nil)

  public init() {}

  public func load() -> RegisteredDevice? { device.withLock { $0 } }
  public func save(_ device: RegisteredDevice?) { self.device.withLock { $0 = device } }
}

/// In `UserDefaults` under `key`: neither the id nor the token is a secret (the token only
/// lets the push service reach this device, and Atrium never returns it).
public final class UserDefaultsDeviceRegistrationStore: DeviceRegistrationStore, @unchecked Sendable {
  private let key: String
  private let defaults: UserDefaults

  public init(key: String = "atrium.push-device", defaults: UserDefaults = .standard) {
    self.key = key
    self.defaults = defaults
  }

  public func load() -> RegisteredDevice? {
    defaults.data(forKey: key).flatMap { try? JSONDecoder().decode(RegisteredDevice.self, from: $0) }
  }

  public func save(_ device: RegisteredDevice?) {
    if let device, let data = try? JSONEncoder().encode(device) {
      defaults.set(data, forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
  }
}
