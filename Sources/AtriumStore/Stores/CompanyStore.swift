import AtriumDomain
import AtriumSQL
import Foundation

/// The company row: there is one per installation, or none before the first set-up.
public struct CompanyStore {
  let connection: any DatabaseConnection

  public init(_ connection: any DatabaseConnection) {
    self.connection = connection
  }

  public func company() throws -> Company? {
    guard let row = try connection.queryFirst("SELECT * FROM company WHERE id = 1") else { return nil }
    return Company(
      name: row.string("name"), phone: row.string("phone"), email: row.string("email"),
      website: row.string("website"), address: row.string("address"),
      timeZone: row.string("time_zone"))
  }

  /// The company's social accounts, stored as a JSON array of `{network, url}`.
  public func socialAccounts() throws -> [(network: String, url: String)] {
    guard let text = try connection.queryFirst("SELECT social FROM company WHERE id = 1")?.string("social"),
      let list = try? JSONDecoder().decode([[String: String]].self, from: Data(text.utf8))
    else { return [] }
    return list.compactMap { entry in entry["network"].flatMap { network in entry["url"].map { (network, $0) } } }
  }

  public func setSocialAccounts(_ accounts: [(network: String, url: String)]) throws {
    let list = accounts.map { ["network": $0.network, "url": $0.url] }
    let text = String(decoding: (try? JSONEncoder().encode(list)) ?? Data("[]".utf8), as: UTF8.self)
    try connection.execute("UPDATE company SET social = ? WHERE id = 1", .text(text))
  }

  /// Creates the company row, or replaces its data.
  /// The rules for new passwords; the standard ones before the company is set up.
  public func passwordPolicy() throws -> PasswordPolicy {
    guard let row = try connection.queryFirst("SELECT password_minimum FROM company WHERE id = 1") else {
      return PasswordPolicy()
    }
    return PasswordPolicy(minimumLength: row.int("password_minimum"))
  }

  public func savePasswordPolicy(_ policy: PasswordPolicy) throws {
    try connection.execute(
      "UPDATE company SET password_minimum = ? WHERE id = 1", .integer(Int64(policy.minimumLength)))
  }

  /// Who may sign up themselves (`SignUpRules`), and where they start.
  public struct SignUp: Sendable, Hashable {
    /// Empty: sign-up is off.
    public var domains: [String]
    public var departmentID: String?
    public var locationID: String?

    public init(domains: [String] = [], departmentID: String? = nil, locationID: String? = nil) {
      self.domains = domains
      self.departmentID = departmentID
      self.locationID = locationID
    }
  }

  public func signUp() throws -> SignUp {
    guard
      let row = try connection.queryFirst(
        "SELECT sign_up_domains, sign_up_department_id, sign_up_location_id FROM company WHERE id = 1")
    else { return SignUp() }
    return SignUp(
      domains: row.string("sign_up_domains").split(separator: ",").map(String.init),
      departmentID: row.optionalString("sign_up_department_id"), locationID: row.optionalString("sign_up_location_id"))
  }

  public func saveSignUp(_ signUp: SignUp) throws {
    try connection.execute(
      "UPDATE company SET sign_up_domains = ?, sign_up_department_id = ?, sign_up_location_id = ? WHERE id = 1",
      .text(signUp.domains.joined(separator: ",")), DatabaseValue(signUp.departmentID),
      DatabaseValue(signUp.locationID))
  }

  public func save(_ company: Company) throws {
    try connection.execute(
      """
      INSERT INTO company (id, name, phone, email, website, address, time_zone)
      VALUES (1, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET name = excluded.name, phone = excluded.phone,
        email = excluded.email, website = excluded.website, address = excluded.address,
        time_zone = excluded.time_zone
      """,
      .text(company.name), .text(company.phone), .text(company.email), .text(company.website),
      .text(company.address), .text(company.timeZone))
  }
}
