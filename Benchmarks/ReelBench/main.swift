// reel-bench: the workloads of Docs/Performance.md, one JSON object per line.
//
//   swift run -c release reel-bench                 # everything (a few minutes)
//   swift run -c release reel-bench --quick         # tiny sizes: the CI smoke run
//   swift run -c release reel-bench --workload W3 --frames 2000 --runs 1

#if canImport(Glibc)
  import Glibc
#endif

switch Options.parse(CommandLine.arguments.dropFirst()) {
case .failure(let error):
  if !error.message.isEmpty { print("reel-bench: \(error.message)") }
  print(Options.usage)
  exit(error.message.isEmpty ? 0 : 2)
case .success(let options):
  let selected = Workloads.all.filter { options.workload == nil || $0.id == options.workload }
  if selected.isEmpty {
    print("reel-bench: unknown workload \(options.workload ?? "")\n\(Options.usage)")
    exit(2)
  }
  Machine.stabilizeAllocator()
  for workload in selected {
    for report in workload.run(options) { print(report.line) }
  }
}
