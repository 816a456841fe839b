import CMosquitto

/// libmosquitto's global set-up, done once per process before the first handle (the library
/// asks for `mosquitto_lib_init` once, and its cleanup only at exit, which we leave to the OS).
enum MQTTLibrary {
  private static let initialized: Bool = {
    mosquitto_lib_init()
    return true
  }()

  static func initialize() { _ = initialized }
}
