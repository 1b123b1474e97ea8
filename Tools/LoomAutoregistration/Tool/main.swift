// The executable the LoomAutoregistration plugin runs; its work is in LoomAutoregistrationCore, a library, so that
// the tests link that rather than an executable (which, with the plugin using it too, SwiftPM links twice).
internal import LoomAutoregistrationCore

AutoregistrationTool.main()
