from elfgraph.cli import main

main()
