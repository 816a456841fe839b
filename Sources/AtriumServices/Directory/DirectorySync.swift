import AtriumAPI
import AtriumDomain
import AtriumLDAP
import AtriumStore
import Foundation

extension DirectoryService {
  /// Brings Atrium's people in step with the directory: creates and updates everyone it lists
  /// (manager links, roles and photos included), and deactivates those it no longer lists or
  /// marks disabled, ending their sessions at once. It reads everyone before it changes
  /// anything, and a directory that cannot be read completely changes nothing. Running it
  /// twice in a row changes nothing the second time.
  @discardableResult
  package func sync() -> DirectoryStore.SyncReport {
    let started = environment.now().milliseconds
    var report = DirectoryStore.SyncReport(startedAt: started, finishedAt: started)
    do {
      report = try synchronize(startedAt: started)
    } catch {
      report.error = (error as? LDAPError).map { "\($0)" } ?? (error as? Problem)?.detail ?? "\(error)"
      if configuration.bindDN == nil {
        report.error? +=
          " (the search was anonymous: set ATRIUM_LDAP_BIND_DN and ATRIUM_LDAP_BIND_PASSWORD"
          + " if the directory needs a login)"
      }
      report.finishedAt = environment.now().milliseconds
      environment.log.write(ErrorLogEntry(requestId: "directory-sync", error: report.error ?? "").line)
      try? environment.database.write { try DirectoryStore($0).record(report) }
    }
    return report
  }

  private func synchronize(startedAt: Int64) throws -> DirectoryStore.SyncReport {
    let ldap = try environment.directoryClient.connect(configuration.connection)
    try bindService(ldap)
    let attributes = configuration.attributes
    let entries = try ldap.search(
      base: configuration.peopleBase, filter: configuration.peopleFilter, attributes: attributes.all,
      pageSize: configuration.pageSize)
    var enabled: Set<String>?
    if let activeFilter = configuration.activeFilter {
      enabled = Set(
        try ldap.search(
          base: configuration.peopleBase, filter: "(&\(configuration.peopleFilter)\(activeFilter))",
          attributes: ["1.1"], pageSize: configuration.pageSize
        ).map { DirectoryConfiguration.normalized($0.dn) })
    }
    let admins = try groupMembers(configuration.adminGroup, ldap)
    let managers = try groupMembers(configuration.managerGroup, ldap)

    var report = DirectoryStore.SyncReport(startedAt: startedAt, finishedAt: startedAt)
    // Erased people are left out, as if the directory did not list them.
    let erased = try environment.database.read { try ErasureStore($0).erasedDirectoryEntries() }
    let listed = entries.compactMap { DirectoryPerson($0, attributes: attributes) }
    let people = listed.filter { !erased.contains(AccountErasureService.hash(dn: $0.dn)) }
    report.refused = entries.count - listed.count
    let linked = try environment.database.read { try DirectoryStore($0).linkedPeople() }
    if people.isEmpty && linked.contains(where: \.isActive) {
      throw LDAPError.failed(
        code: 0, message: "the directory listed nobody under \(configuration.peopleBase); nothing was changed")
    }
    let active = people.filter { enabled?.contains($0.dn) ?? true }
    // Photos are made outside the transaction: decoding is slow, and stored files are harmless.
    var newPhotos: [String: DirectoryPhoto] = [:]
    for person in active { if let photo = try photo(of: person) { newPhotos[person.dn] = photo } }

    return try environment.database.write { connection in
      var report = report
      var ids: [String: String] = [:]
      var changes: [String: Change] = [:]
      for person in active {
        let role: Role = admins.contains(person.dn) ? .admin : managers.contains(person.dn) ? .manager : .employee
        do {
          let result = try apply(person, role: role, photo: newPhotos[person.dn], connection: connection)
          ids[person.dn] = result.employee.id
          changes[person.dn] = result.change
        } catch let problem as Problem where problem.status == 409 {
          report.refused += 1
        }
      }
      // Managers listed after their reports are linked now that everyone exists.
      let store = PeopleStore(connection)
      for person in active {
        guard let id = ids[person.dn], var employee = try store.employee(id: id) else { continue }
        let manager = person.managerDN.flatMap { ids[$0] }
        guard employee.managerID != manager, person.managerDN == nil || manager != nil else { continue }
        employee.managerID = manager
        try store.update(employee)
        if changes[person.dn] == .unchanged { changes[person.dn] = .updated }
      }
      for change in changes.values {
        switch change {
        case .created: report.created += 1
        case .updated: report.updated += 1
        case .unchanged: report.unchanged += 1
        }
      }
      let keep = Set(ids.keys)
      let now = environment.now().milliseconds
      for person in linked where person.isActive && !keep.contains(person.dn) {
        guard var employee = try store.employee(id: person.id) else { continue }
        employee.isActive = false
        try store.update(employee)
        try SessionStore(connection).revokeAllSessions(employeeID: person.id, at: now)
        try AccountStore(connection).setValidAfter(employeeID: person.id, instant: now)
        report.deactivated += 1
      }
      report.finishedAt = now
      try DirectoryStore(connection).record(report)
      return report
    }
  }

  /// A group's members; unlike at sign-in, a group that cannot be read stops the sync, since
  /// going on would take everyone's role away.
  private func groupMembers(_ group: String?, _ ldap: any DirectoryConnection) throws -> Set<String> {
    guard let group else { return [] }
    let entries = try ldap.search(
      base: group, scope: .base, filter: "(objectClass=*)", attributes: ["member", "uniqueMember"])
    guard let entry = entries.first else {
      throw LDAPError.failed(code: 32, message: "the group \(group) does not exist")
    }
    return Set((entry.strings("member") + entry.strings("uniqueMember")).map(DirectoryConfiguration.normalized))
  }
}
