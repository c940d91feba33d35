from bansha.cli import main

main()
