import AtriumCrypto
import Foundation

/// A push setting that cannot work, said in the operator's words.
public struct PushSettingsProblem: Error, CustomStringConvertible {
  public let description: String
}

extension PushSettings {
  /// Reads `ATRIUM_PUSH_*`, `ATRIUM_APNS_*` and `ATRIUM_FCM_*`. Web Push is always on; APNs is
  /// on when its key file, key id, team id and topic are all set (some but not all is an
  /// error); FCM when its service account's key file is.
  /// - Parameters:
  ///   - mailFrom: The mail From address, the VAPID contact when `ATRIUM_PUSH_CONTACT` is unset.
  ///   - publicURL: The address people reach Atrium at, the contact when there is no mail either.
  public static func from(
    environment: [String: String], mailFrom: String?, publicURL: String?
  ) throws
    -> PushSettings
  {
    func setting(_ name: String) -> String? {
      environment[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    let contact = setting("ATRIUM_PUSH_CONTACT") ?? mailFrom.map { "mailto:" + $0 } ?? publicURL
    if let contact, !contact.hasPrefix("mailto:"), !contact.hasPrefix("https://") {
      throw PushSettingsProblem(
        description: "ATRIUM_PUSH_CONTACT must be a mailto: or https: address, got \(contact)")
    }
    let insecure = setting("ATRIUM_PUSH_INSECURE_ENDPOINTS")
    guard insecure == nil || insecure == "0" || insecure == "1" else {
      throw PushSettingsProblem(description: "ATRIUM_PUSH_INSECURE_ENDPOINTS must be 0 or 1 (1 is for tests only)")
    }
    if let caFile = setting("ATRIUM_PUSH_CA_FILE"), !FileManager.default.isReadableFile(atPath: caFile) {
      throw PushSettingsProblem(description: "ATRIUM_PUSH_CA_FILE cannot be read: \(caFile)")
    }
    return PushSettings(
      contact: contact, allowsTestEndpoints: insecure == "1", caFile: setting("ATRIUM_PUSH_CA_FILE"),
      apns: try APNsSettings.from(setting), fcm: try FCMSettings.from(setting))
  }
}

extension APNsSettings {
  static func from(_ setting: (String) -> String?) throws -> APNsSettings? {
    let names = ["ATRIUM_APNS_KEY_FILE", "ATRIUM_APNS_KEY_ID", "ATRIUM_APNS_TEAM_ID", "ATRIUM_APNS_TOPIC"]
    let given = names.filter { setting($0) != nil }
    guard !given.isEmpty else { return nil }
    guard given.count == names.count else {
      throw PushSettingsProblem(
        description: "APNs needs all of \(names.joined(separator: ", ")); missing "
          + names.filter { !given.contains($0) }.joined(separator: ", "))
    }
    let path = setting("ATRIUM_APNS_KEY_FILE")!
    guard let pem = try? String(contentsOfFile: path, encoding: .utf8), let key = P256Key(pem: pem) else {
      throw PushSettingsProblem(description: "ATRIUM_APNS_KEY_FILE is not a readable .p8 key (P-256, PEM): \(path)")
    }
    let named = setting("ATRIUM_APNS_URL") ?? "production"
    let url = hosts[named] ?? named
    guard url.hasPrefix("https://") || url.hasPrefix("http://") else {
      throw PushSettingsProblem(
        description: "ATRIUM_APNS_URL must be production, sandbox or an https:// address, got \(named)")
    }
    if let caFile = setting("ATRIUM_APNS_CA_FILE"), !FileManager.default.isReadableFile(atPath: caFile) {
      throw PushSettingsProblem(description: "ATRIUM_APNS_CA_FILE cannot be read: \(caFile)")
    }
    return APNsSettings(
      url: url, privateKey: key.privateKey, keyID: setting("ATRIUM_APNS_KEY_ID")!,
      teamID: setting("ATRIUM_APNS_TEAM_ID")!, topic: setting("ATRIUM_APNS_TOPIC")!,
      caFile: setting("ATRIUM_APNS_CA_FILE"))
  }
}

extension FCMSettings {
  static func from(_ setting: (String) -> String?) throws -> FCMSettings? {
    guard let path = setting("ATRIUM_FCM_SERVICE_ACCOUNT") else { return nil }
    struct ServiceAccount: Decodable {
      let projectID: String
      let clientEmail: String
      let privateKey: String
      let privateKeyID: String?
      let tokenURI: String?

      enum CodingKeys: String, CodingKey {
        case projectID = "project_id", clientEmail = "client_email", privateKey = "private_key"
        case privateKeyID = "private_key_id", tokenURI = "token_uri"
      }
    }
    guard let data = FileManager.default.contents(atPath: path),
      let account = try? JSONDecoder().decode(ServiceAccount.self, from: data)
    else {
      throw PushSettingsProblem(
        description: "ATRIUM_FCM_SERVICE_ACCOUNT is not a readable service account key (JSON): \(path)")
    }
    guard RS256.sign([0], pem: account.privateKey) != nil else {
      throw PushSettingsProblem(description: "the service account's private_key is not an RSA key: \(path)")
    }
    if let caFile = setting("ATRIUM_FCM_CA_FILE"), !FileManager.default.isReadableFile(atPath: caFile) {
      throw PushSettingsProblem(description: "ATRIUM_FCM_CA_FILE cannot be read: \(caFile)")
    }
    return FCMSettings(
      url: setting("ATRIUM_FCM_URL") ?? "https://fcm.googleapis.com", projectID: account.projectID,
      clientEmail: account.clientEmail, privateKey: account.privateKey, privateKeyID: account.privateKeyID,
      tokenURL: account.tokenURI ?? "https://oauth2.googleapis.com/token", caFile: setting("ATRIUM_FCM_CA_FILE"))
  }
}
