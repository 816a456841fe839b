import AtriumServices
import Foundation

/// The company directory tests sign in against: people with every mapped attribute, a
/// manager chain (carmen → alberto → bea), groups for admins and managers, a disabled
/// account, and a service account for searches. Every password is `directory-pass`.
public enum DirectoryFixture {
  public static let password = "directory-pass"
  public static let people = "ou=people,\(Slapd.suffix)"
  public static let groups = "ou=groups,\(Slapd.suffix)"
  public static let serviceDN = "cn=atrium,ou=services,\(Slapd.suffix)"
  public static let adminGroup = "cn=atrium-admins,\(groups)"
  public static let managerGroup = "cn=atrium-managers,\(groups)"
  /// What marks a disabled account in this tree.
  public static let activeFilter = "(!(employeeType=disabled))"

  public static func dn(_ uid: String) -> String { "uid=\(uid),\(people)" }

  /// The tree, plus `extraPeople` generated employees (`user0001`...) for size-limit tests.
  public static func ldif(extraPeople: Int = 0, photo: [UInt8]? = nil) -> String {
    var text = """
      dn: \(Slapd.suffix)
      objectClass: dcObject
      objectClass: organization
      dc: example
      o: Example S.A.

      dn: \(people)
      objectClass: organizationalUnit
      ou: people

      dn: \(groups)
      objectClass: organizationalUnit
      ou: groups

      dn: ou=services,\(Slapd.suffix)
      objectClass: organizationalUnit
      ou: services

      dn: \(serviceDN)
      objectClass: person
      cn: atrium
      sn: Service
      userPassword: \(password)


      """
    text += person(
      "bea", given: "Beatriz", surname: "Núñez", title: "Chief Executive", department: "Management",
      location: "Madrid", phone: "+34 600 000 001", manager: nil, photo: photo)
    text += person(
      "alberto", given: "Alberto", surname: "Ibáñez", title: "Engineering Manager", department: "Engineering",
      location: "Madrid", phone: "+34 600 000 002", manager: "bea")
    text += person(
      "carmen", given: "Carmen", surname: "Ortiz", title: "Backend Developer", department: "Engineering",
      location: "Valladolid", phone: "+34 600 000 003", manager: "alberto")
    text += person(
      "dario", given: "Darío", surname: "Gil", title: "Former Developer", department: "Engineering",
      location: "Madrid", phone: "", manager: "alberto", disabled: true)
    for index in 0..<extraPeople {
      let uid = String(format: "user%04d", index + 1)
      text += person(
        uid, given: "User", surname: String(format: "Number %04d", index + 1), title: "Staff", department: "Operations",
        location: "Madrid", phone: "", manager: "bea")
    }
    text += """
      dn: \(adminGroup)
      objectClass: groupOfNames
      cn: atrium-admins
      member: \(dn("bea"))

      dn: \(managerGroup)
      objectClass: groupOfNames
      cn: atrium-managers
      member: \(dn("alberto"))


      """
    return text
  }

  static func person(
    _ uid: String, given: String, surname: String, title: String, department: String, location: String,
    phone: String, manager: String?, disabled: Bool = false, photo: [UInt8]? = nil
  ) -> String {
    // Values with non-ASCII text are written base64 (`::`), as LDIF requires.
    func line(_ name: String, _ value: String) -> String {
      value.unicodeScalars.allSatisfy { $0.isASCII }
        ? "\(name): \(value)\n" : "\(name):: \(Data(value.utf8).base64EncodedString())\n"
    }
    var text = "dn: \(dn(uid))\nobjectClass: inetOrgPerson\n"
    text += line("uid", uid) + line("cn", "\(given) \(surname)") + line("givenName", given) + line("sn", surname)
    text += line("mail", "\(uid)@example.com") + line("title", title) + line("departmentNumber", department)
    text += line("l", location) + "userPassword: \(password)\n"
    if !phone.isEmpty { text += line("telephoneNumber", phone) }
    if let manager { text += line("manager", dn(manager)) }
    if disabled { text += "employeeType: disabled\n" }
    if let photo { text += "jpegPhoto:: \(Data(photo).base64EncodedString())\n" }
    return text + "\n"
  }
}
