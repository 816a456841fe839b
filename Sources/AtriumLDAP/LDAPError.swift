/// What went wrong talking to a directory, by what the caller must do about it.
public enum LDAPError: Error, Equatable, CustomStringConvertible {
  /// The password (or the service account's) is wrong, or the entry does not exist (code 49).
  case invalidCredentials
  /// The server cannot be reached or did not answer in time: try later.
  case unavailable(String)
  /// The server refused or failed the operation.
  case failed(code: Int32, message: String)

  public var description: String {
    switch self {
    case .invalidCredentials: "invalid credentials"
    case .unavailable(let reason): "directory unavailable: \(reason)"
    case .failed(let code, let message): "directory error \(code): \(message)"
    }
  }
}
