module lagscope

go 1.26

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/google/uuid v1.6.0
)
