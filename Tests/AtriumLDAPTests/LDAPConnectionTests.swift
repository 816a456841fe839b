import AtriumLDAP
import AtriumTestSupport
import Testing

/// The libldap wrapper against a real slapd.
@Suite(.serialized) struct LDAPConnectionTests {
  let slapd: Slapd

  init() throws {
    slapd = try Slapd(ldif: DirectoryFixture.ldif())
  }

  func connection(timeout: Int = 5) throws -> LDAPConnection {
    try LDAPConnection(.init(urls: [slapd.url], timeout: timeout))
  }

  @Test func bindsWithTheRightPasswordOnly() throws {
    try connection().bind(dn: DirectoryFixture.dn("carmen"), password: DirectoryFixture.password)
    #expect(throws: LDAPError.invalidCredentials) {
      try connection().bind(dn: DirectoryFixture.dn("carmen"), password: "wrong")
    }
    #expect(throws: LDAPError.invalidCredentials) {
      try connection().bind(dn: DirectoryFixture.dn("nobody"), password: DirectoryFixture.password)
    }
    // An empty password would be an anonymous bind that "succeeds": it never reaches the server.
    #expect(throws: LDAPError.invalidCredentials) {
      try connection().bind(dn: DirectoryFixture.dn("carmen"), password: "")
    }
  }

  @Test func readsAnEntrysAttributes() throws {
    let ldap = try connection()
    try ldap.bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
    let found = try ldap.search(
      base: DirectoryFixture.dn("carmen"), scope: .base, filter: "(objectClass=*)",
      attributes: ["uid", "sn", "title", "manager", "l"])
    #expect(found.count == 1)
    #expect(found[0].dn == DirectoryFixture.dn("carmen"))
    #expect(found[0].string("sn") == "Ortiz")
    #expect(found[0].string("title") == "Backend Developer")
    #expect(found[0].string("manager") == DirectoryFixture.dn("alberto"))
    #expect(
      try ldap.search(
        base: DirectoryFixture.dn("nobody"), scope: .base, filter: "(objectClass=*)", attributes: ["uid"]
      ).isEmpty)
  }

  /// slapd answers at most 500 entries to a plain search; pages get all 1,204 people (for an
  /// account allowed a larger paged total, as a sync account must be).
  @Test func pagedSearchesGetPastTheSizeLimit() throws {
    let slapd = try Slapd(ldif: DirectoryFixture.ldif(extraPeople: 1_200), pagedTotalFor: DirectoryFixture.serviceDN)
    let ldap = try LDAPConnection(.init(urls: [slapd.url]))
    try ldap.bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
    #expect(throws: LDAPError.self) {
      try ldap.search(base: DirectoryFixture.people, filter: "(objectClass=inetOrgPerson)", attributes: ["uid"])
    }
    let everyone = try ldap.search(
      base: DirectoryFixture.people, filter: "(objectClass=inetOrgPerson)", attributes: ["uid"], pageSize: 200)
    #expect(everyone.count == 1_204)
    #expect(Set(everyone.compactMap { $0.string("uid") }).count == 1_204)
    // Anyone else is held to slapd's default total, and gets an error, never a partial list.
    let other = try LDAPConnection(.init(urls: [slapd.url]))
    try other.bind(dn: DirectoryFixture.dn("carmen"), password: DirectoryFixture.password)
    #expect(throws: LDAPError.failed(code: 4, message: "Size limit exceeded")) {
      try other.search(
        base: DirectoryFixture.people, filter: "(objectClass=inetOrgPerson)", attributes: ["uid"], pageSize: 200)
    }
  }

  @Test func injectionStringsMatchLiterally() throws {
    let ldap = try connection()
    try ldap.bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
    for attack in ["*", "*)(uid=*", "carmen)(|(uid=*", "\\2a", "carmen\u{0}"] {
      let filter = "(uid=\(LDAPEscaping.filterValue(attack)))"
      #expect(try ldap.search(base: DirectoryFixture.people, filter: filter, attributes: ["uid"]).isEmpty, "\(attack)")
    }
    #expect(LDAPEscaping.filterValue("*)(uid=*") == "\\2a\\29\\28uid=\\2a")
    #expect(LDAPEscaping.filterValue("José") == "Jos\\c3\\a9")
    #expect(LDAPEscaping.dnValue("a,b=c+d") == "a\\,b\\=c\\+d")
    #expect(LDAPEscaping.dnValue(" #lead trail ") == "\\ #lead trail\\ ")
    #expect(LDAPEscaping.dnValue("#x") == "\\#x")
  }

  @Test func theNextServerAnswersWhenTheFirstIsDown() throws {
    let ldap = try LDAPConnection(.init(urls: ["ldap://127.0.0.1:1", slapd.url], timeout: 2))
    try ldap.bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
  }

  @Test func anUnreachableServerIsUnavailableWithinTheTimeout() throws {
    slapd.stop()
    let ldap = try LDAPConnection(.init(urls: [slapd.url], timeout: 2))
    #expect {
      try ldap.bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
    } throws: { error in
      if case .unavailable = error as? LDAPError { return true }
      return false
    }
    try slapd.start()
    try connection().bind(dn: DirectoryFixture.serviceDN, password: DirectoryFixture.password)
  }
}
