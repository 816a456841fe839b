import AtriumAPI
import AtriumDomain
import AtriumStore
import Foundation

/// The company's name and contact data: everyone reads them, admins change them.
package struct CompanyService: Sendable {
  package init(environment: ServerEnvironment) {
    self.environment = environment
  }

  package let environment: ServerEnvironment

  /// The company's name, or "Atrium" before the company is set up.
  package func name() throws -> String {
    try environment.recall(\.company, .company) { try environment.database.read { try CompanyStore($0).company() } }?
      .name ?? "Atrium"
  }

  package func company() throws -> CompanyBody {
    try environment.database.read { connection in
      guard let company = try CompanyStore(connection).company() else {
        throw Problem.notFound(.companyNotSetUp)
      }
      let store = CompanyStore(connection)
      return Self.body(company, social: try store.socialAccounts(), passwords: try store.passwordPolicy())
    }
  }

  /// The rules every new password must meet.
  package func passwordPolicy() throws -> PasswordPolicy {
    try environment.database.read { try CompanyStore($0).passwordPolicy() }
  }

  package func update(_ change: CompanyChange, by principal: Principal) throws -> CompanyBody {
    try requireAdmin(principal, to: "change the company's data")
    var validator = Validator()
    let name = change.name.map { ProfileRules.name($0, field: "name", into: &validator) }
    let phone = change.phone.map { ProfileRules.phone($0, into: &validator) }
    let email = change.email.map { $0.trimmingWhitespace.isEmpty ? "" : ProfileRules.email($0, into: &validator) }
    let website = change.website.map { ProfileRules.webAddress($0, field: "website", into: &validator) }
    let address = change.address.map { ProfileRules.text($0, field: "address", maximum: 500, into: &validator) }
    if let zone = change.timeZone {
      validator.require(
        TimeZone(identifier: zone) != nil, "timeZone", .timeZone)
    }
    let social = change.social.map { accounts in
      accounts.enumerated().map { index, account in
        (
          network: ProfileRules.name(account.network, field: "social[\(index)].network", into: &validator),
          url: ProfileRules.webAddress(account.url, field: "social[\(index)].url", into: &validator)
        )
      }
    }
    if let minimum = change.passwordMinimumLength {
      validator.require(
        PasswordPolicy.minimums.contains(minimum), "passwordMinimumLength",
        .wholeNumberBetween(PasswordPolicy.minimums.lowerBound, PasswordPolicy.minimums.upperBound))
    }
    if let social {
      validator.require(social.count <= 20, "social", .atMostEntries(20))
      validator.require(social.allSatisfy { !$0.url.isEmpty }, "social", .everyEntryNeeds("url"))
    }
    try validator.check()
    return try environment.database.write { connection in
      let store = CompanyStore(connection)
      guard var company = try store.company() else { throw Problem.notFound(.companyNotSetUp) }
      let before = Self.body(company, social: try store.socialAccounts(), passwords: try store.passwordPolicy())
      if let name { company.name = name }
      if let phone { company.phone = phone }
      if let email { company.email = email }
      if let website { company.website = website }
      if let address { company.address = address }
      if let zone = change.timeZone { company.timeZone = zone }
      try store.save(company)
      if let social { try store.setSocialAccounts(social) }
      if let minimum = change.passwordMinimumLength {
        try store.savePasswordPolicy(PasswordPolicy(minimumLength: minimum))
      }
      let after = Self.body(company, social: try store.socialAccounts(), passwords: try store.passwordPolicy())
      try AuditTrail(environment: environment).record(
        "company.update", target: ("company", "company"), before: before, after: after, by: principal,
        connection: connection)
      return after
    }
  }

  private static func body(
    _ company: Company, social: [(network: String, url: String)], passwords: PasswordPolicy
  ) -> CompanyBody {
    CompanyBody(
      name: company.name, phone: company.phone, email: company.email, website: company.website,
      address: company.address, timeZone: company.timeZone,
      social: social.map { SocialAccount(network: $0.network, url: $0.url) },
      passwordMinimumLength: passwords.minimumLength)
  }
}
